// The interface's icons: lucide's shapes (the `lucide` package), drawn by one small component (ADR 030). Each icon's
// shapes are written as SVG markup once, when this module loads; a use renders one element. lucide-react's components
// rendered two components, read a context and built an element per shape on every use: on a list page that was two
// fifths of the elements React wrote. Add an icon here before using one.
import {
  ArrowDown as ArrowDownShapes,
  ArrowRight as ArrowRightShapes,
  ArrowUp as ArrowUpShapes,
  Ban as BanShapes,
  Building2 as Building2Shapes,
  ChevronDown as ChevronDownShapes,
  ChevronsUpDown as ChevronsUpDownShapes,
  CircleCheck as CircleCheckShapes,
  CircleHelp as CircleHelpShapes,
  CircleUserRound as CircleUserRoundShapes,
  CircleX as CircleXShapes,
  Clock as ClockShapes,
  Crown as CrownShapes,
  FolderGit2 as FolderGit2Shapes,
  Globe as GlobeShapes,
  House as HouseShapes,
  Inbox as InboxShapes,
  Info as InfoShapes,
  LayoutDashboard as LayoutDashboardShapes,
  LoaderCircle as LoaderCircleShapes,
  LogOut as LogOutShapes,
  Mail as MailShapes,
  Menu as MenuShapes,
  Monitor as MonitorShapes,
  Moon as MoonShapes,
  Plus as PlusShapes,
  ScrollText as ScrollTextShapes,
  SearchX as SearchXShapes,
  ShieldCheck as ShieldCheckShapes,
  Smartphone as SmartphoneShapes,
  SunMoon as SunMoonShapes,
  Sun as SunShapes,
  Tablet as TabletShapes,
  TriangleAlert as TriangleAlertShapes,
  Tv as TvShapes,
  UserRound as UserRoundShapes,
  User as UserShapes,
  UsersRound as UsersRoundShapes,
  Users as UsersShapes,
  VenetianMask as VenetianMaskShapes,
  X as XShapes,
  type IconNode,
} from "lucide";
import type { ReactElement, SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type Icon = (props: IconProps) => ReactElement;

const escapeAttribute = (value: unknown) =>
  String(value).replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The shapes of an icon as the markup inside its `<svg>`. */
export function iconMarkup(shapes: IconNode): string {
  return shapes
    .map(
      ([tag, attributes]) =>
        `<${tag}${Object.entries(attributes)
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join("")}></${tag}>`,
    )
    .join("");
}

/**
 * An icon component: a 24-unit stroked `<svg>` as lucide draws it, hidden from assistive technology unless it is given
 * a label. `className`, `aria-*` and the other SVG attributes pass through.
 */
function icon(shapes: IconNode): Icon {
  const inner = { __html: iconMarkup(shapes) };
  return function DrawnIcon(props) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={props["aria-label"] === undefined && props["aria-labelledby"] === undefined ? true : undefined}
        {...props}
        dangerouslySetInnerHTML={inner}
      />
    );
  };
}

export const ArrowDown = icon(ArrowDownShapes);
export const ArrowUp = icon(ArrowUpShapes);
export const ArrowRight = icon(ArrowRightShapes);
export const Ban = icon(BanShapes);
export const Building2 = icon(Building2Shapes);
export const ChevronDown = icon(ChevronDownShapes);
export const ChevronsUpDown = icon(ChevronsUpDownShapes);
export const CircleCheck = icon(CircleCheckShapes);
export const CircleHelp = icon(CircleHelpShapes);
export const CircleUserRound = icon(CircleUserRoundShapes);
export const CircleX = icon(CircleXShapes);
export const Clock = icon(ClockShapes);
export const Crown = icon(CrownShapes);
export const FolderGit2 = icon(FolderGit2Shapes);
export const Globe = icon(GlobeShapes);
export const House = icon(HouseShapes);
export const Inbox = icon(InboxShapes);
export const Info = icon(InfoShapes);
export const LayoutDashboard = icon(LayoutDashboardShapes);
export const LoaderCircle = icon(LoaderCircleShapes);
export const LogOut = icon(LogOutShapes);
export const Mail = icon(MailShapes);
export const Menu = icon(MenuShapes);
export const Monitor = icon(MonitorShapes);
export const Moon = icon(MoonShapes);
export const Plus = icon(PlusShapes);
export const ScrollText = icon(ScrollTextShapes);
export const SearchX = icon(SearchXShapes);
export const ShieldCheck = icon(ShieldCheckShapes);
export const Smartphone = icon(SmartphoneShapes);
export const Sun = icon(SunShapes);
export const SunMoon = icon(SunMoonShapes);
export const Tablet = icon(TabletShapes);
export const TriangleAlert = icon(TriangleAlertShapes);
export const Tv = icon(TvShapes);
export const User = icon(UserShapes);
export const UserRound = icon(UserRoundShapes);
export const Users = icon(UsersShapes);
export const UsersRound = icon(UsersRoundShapes);
export const VenetianMask = icon(VenetianMaskShapes);
export const X = icon(XShapes);
