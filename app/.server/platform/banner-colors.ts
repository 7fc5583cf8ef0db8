// The environment banner's colours: ENV_COLOR as the background, and black or white text, whichever contrasts more.
// One of the two always reaches at least 4.58:1 against an opaque colour, so 12 px text passes WCAG's 4.5:1 whatever
// the colour. A translucent ENV_COLOR is made opaque: the banner sits over the page, whose colour would decide.
import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import namesPlugin from "colord/plugins/names";

extend([namesPlugin, a11yPlugin]);

/** Whether `color` is a CSS colour the banner can show (a name, #hex, rgb(), hsl()). */
export const isBannerColor = (color: string) => colord(color).isValid();

export function bannerColors(color: string): { background: string; text: string } {
  const background = colord(color).alpha(1);
  const text = background.contrast("#000000") >= background.contrast("#ffffff") ? "#000000" : "#ffffff";
  return { background: background.toHex(), text };
}
