// The home banner: brand line beside an inline temple-and-clouds illustration.
import { Trans } from "@lingui/react/macro";

export function HomeHero() {
  return (
    <section className="hero">
      <svg
        className="hero-art"
        viewBox="0 0 366 160"
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="xMaxYMax meet"
      >
        <circle cx="236" cy="50" r="22" fill="var(--hero-sun)" />
        {/* Waves of 240 units from x = -960: the art is scaled to the banner's height ("meet",
            right-aligned) so the sun and the roof are never cut off, and a banner wider than the
            art (desktop) shows more hills left of the viewBox. */}
        <path
          d="M-960 132c40-12 80-12 120 0s80 12 120 0 80-12 120 0s80 12 120 0 80-12 120 0s80 12 120 0 80-12 120 0s80 12 120 0 80-12 120 0s80 12 120 0 80-12 120 0h6v28H-960Z"
          fill="var(--hero-hill)"
        />
        <g fill="var(--hero-temple)">
          <path d="M245 66c14 0 28-8 40-20 12 12 26 20 40 20v6h-80Z" />
          <rect x="255" y="72" width="60" height="8" />
          <path d="M239 96c16 0 32-6 46-16 14 10 30 16 46 16v6h-92Z" />
          <rect x="251" y="102" width="68" height="34" />
        </g>
        <rect x="277" y="112" width="16" height="24" fill="var(--hero-door)" />
        <path
          d="M150 40c8-10 22-10 30 0 8-6 18-4 22 4h-58c0-2 2-4 6-4Z"
          fill="var(--hero-cloud)"
        />
        <path
          d="M318 30c6-8 18-8 24 0 6-5 14-3 18 3h-46c0-2 2-3 4-3Z"
          fill="var(--hero-cloud)"
        />
      </svg>
      <div className="hero-text">
        <h1 className="hero-title">
          <Trans>福缘</Trans>
        </h1>
        <p className="hero-tagline">
          <Trans>心有所愿，福自缘来</Trans>
        </p>
      </div>
    </section>
  );
}
