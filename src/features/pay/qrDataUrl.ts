// Renders text (a WeChat Pay code_url) as an SVG QR code data URL. The qrcode package is loaded
// on demand so only the payment page pays for it.
export async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import("qrcode");
  const svg = await toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
