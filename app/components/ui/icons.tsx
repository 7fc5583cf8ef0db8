// The interface's icons: lucide's shapes (the `lucide` package), drawn by one small component (ADR 030). Each icon's
// shapes are written as SVG markup once, when this module loads; a use renders one element. lucide-react's components
// rendered two components, read a context and built an element per shape on every use: on a list page that was two
// fifths of the elements React wrote. Add an icon here before using one.
import * as lucide from "lucide";
import type { ReactElement, SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type Icon = (props: IconProps) => ReactElement;

const escapeAttribute = (value: unknown) =>
  String(value).replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The shapes of an icon as the markup inside its `<svg>`. */
export function iconMarkup(shapes: lucide.IconNode): string {
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
function icon(shapes: lucide.IconNode): Icon {
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

export const ArrowDown = icon(lucide.ArrowDown);
export const ArrowUp = icon(lucide.ArrowUp);
export const ArrowRight = icon(lucide.ArrowRight);
export const Ban = icon(lucide.Ban);
export const Building2 = icon(lucide.Building2);
export const CalendarDays = icon(lucide.CalendarDays);
export const ChevronDown = icon(lucide.ChevronDown);
export const ChevronLeft = icon(lucide.ChevronLeft);
export const ChevronRight = icon(lucide.ChevronRight);
export const ChevronsUpDown = icon(lucide.ChevronsUpDown);
export const CircleCheck = icon(lucide.CircleCheck);
export const CircleHelp = icon(lucide.CircleHelp);
export const CircleUserRound = icon(lucide.CircleUserRound);
export const CircleX = icon(lucide.CircleX);
export const Clock = icon(lucide.Clock);
export const Crown = icon(lucide.Crown);
export const FileText = icon(lucide.FileText);
export const FolderGit2 = icon(lucide.FolderGit2);
export const Globe = icon(lucide.Globe);
export const House = icon(lucide.House);
export const Inbox = icon(lucide.Inbox);
export const Info = icon(lucide.Info);
export const LayoutDashboard = icon(lucide.LayoutDashboard);
export const ListChecks = icon(lucide.ListChecks);
export const LoaderCircle = icon(lucide.LoaderCircle);
export const LogOut = icon(lucide.LogOut);
export const Mail = icon(lucide.Mail);
export const Menu = icon(lucide.Menu);
export const Monitor = icon(lucide.Monitor);
export const Moon = icon(lucide.Moon);
export const Plus = icon(lucide.Plus);
export const ScrollText = icon(lucide.ScrollText);
export const SearchX = icon(lucide.SearchX);
export const ShieldCheck = icon(lucide.ShieldCheck);
export const Smartphone = icon(lucide.Smartphone);
export const Sun = icon(lucide.Sun);
export const SunMoon = icon(lucide.SunMoon);
export const Tablet = icon(lucide.Tablet);
export const TriangleAlert = icon(lucide.TriangleAlert);
export const Tv = icon(lucide.Tv);
export const User = icon(lucide.User);
export const UserRound = icon(lucide.UserRound);
export const Users = icon(lucide.Users);
export const UsersRound = icon(lucide.UsersRound);
export const VenetianMask = icon(lucide.VenetianMask);
export const X = icon(lucide.X);
