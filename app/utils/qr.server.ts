import QRCode from "qrcode";

/**
 * The portal's QR codes (the side menu's app download, a member's invitation
 * link, an authenticator app's enrolment), drawn one way: 800 px internally, shown at 200, with a margin of
 * 20 — a margin of at least 20 px on the 800 px drawing. The
 * `qrcode` package counts its margin in modules, and phones read a code
 * reliably only with the QR standard's quiet zone of 4 modules, which at 800
 * px is already wider than 20 px; so the margin is whichever is wider. The SVG
 * scales the same drawing to the 200 px it is shown at, the PNG is the 800 px
 * drawing itself.
 */
export const QR_SIZE = 800;
export const QR_SHOWN_SIZE = 200;
const QR_MARGIN_PX = 20;
const QUIET_ZONE_MODULES = 4;
const LEVEL = "M" as const;

function marginModules(target: string) {
  const modules = QRCode.create(target, { errorCorrectionLevel: LEVEL }).modules.size;
  return Math.max(
    QUIET_ZONE_MODULES,
    Math.ceil((QR_MARGIN_PX * modules) / (QR_SIZE - 2 * QR_MARGIN_PX)),
  );
}

/** The QR as an SVG shown at `width` px (the component default, 200). */
export function qrSvg(target: string, width = QR_SHOWN_SIZE): Promise<string> {
  return QRCode.toString(target, {
    type: "svg",
    margin: marginModules(target),
    width,
    errorCorrectionLevel: LEVEL,
  });
}

/** The 800 px PNG, for a download. */
export function qrPng(target: string): Promise<Buffer> {
  return QRCode.toBuffer(target, {
    type: "png",
    margin: marginModules(target),
    width: QR_SIZE,
    errorCorrectionLevel: LEVEL,
  });
}
