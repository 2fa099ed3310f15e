// The paid state of an order page: a lit lamp (an inline SVG), the confirmation and a short
// blessing. Right after paying on this page (`lighting`), the flame catches and its glow
// spreads; with `prefers-reduced-motion` the lamp is simply lit (orders.css).
import { Trans } from "@lingui/react/macro";

function LitLamp() {
  return (
    <svg
      className="blessing-lamp"
      viewBox="0 0 96 112"
      width={96}
      height={112}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id="blessing-glow">
          <stop offset="0" stopColor="#ffd27a" stopOpacity="0.85" />
          <stop offset="1" stopColor="#ffd27a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="blessing-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#e8612c" />
          <stop offset="0.55" stopColor="#ffb347" />
          <stop offset="1" stopColor="#fff3c4" />
        </linearGradient>
      </defs>
      <circle
        className="blessing-lamp-glow"
        cx="48"
        cy="40"
        r="40"
        fill="url(#blessing-glow)"
      />
      <path
        className="blessing-lamp-flame"
        d="M48 14c7 10 11 17 11 24a11 11 0 0 1-22 0c0-7 4-14 11-24Z"
        fill="url(#blessing-flame)"
      />
      <path className="blessing-lamp-wick" d="M48 52v6" />
      <path
        className="blessing-lamp-bowl"
        d="M16 58h64c-2 14-14 22-32 22S18 72 16 58Z"
      />
      <path className="blessing-lamp-stem" d="M42 80h12l4 14H38l4-14Z" />
      <path
        className="blessing-lamp-base"
        d="M28 94h40a4 4 0 0 1 0 8H28a4 4 0 0 1 0-8Z"
      />
    </svg>
  );
}

export function PaidBlessing({ lighting }: { lighting: boolean }) {
  return (
    <section
      className={lighting ? "order-blessing is-lighting" : "order-blessing"}
      aria-labelledby="order-blessing-title"
      data-testid="order-blessing"
    >
      <LitLamp />
      <div className="order-blessing-text">
        <h2 id="order-blessing-title">
          <Trans>心灯已燃</Trans>
        </h2>
        <p role="status">
          <Trans>支付成功，法师将如法为您操办。</Trans>
        </p>
        <p className="order-blessing-wish">
          <Trans>愿您福慧增长，所愿皆成。</Trans>
        </p>
      </div>
    </section>
  );
}
