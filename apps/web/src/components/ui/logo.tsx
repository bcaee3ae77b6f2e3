interface LogoProps {
  /** Height in pixels; the width follows. */
  height?: number;
  /** Accessible name; without it the logo is decorative (its link or heading names it). */
  title?: string;
}

/** The Tutti wordmark: four sound bars, like voices joining in, and the name. */
export function Logo({ height = 32, title }: LogoProps) {
  const labelled = title !== undefined;
  return (
    <svg
      viewBox="0 0 150 40"
      height={height}
      width={(height * 150) / 40}
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      {labelled && <title>{title}</title>}
      <rect x="0" y="2" width="36" height="36" rx="9" fill="var(--mantine-color-violet-7)" />
      <g fill="#fff">
        <rect x="7" y="15" width="4" height="10" rx="2" />
        <rect x="13.5" y="9" width="4" height="22" rx="2" />
        <rect x="20" y="12" width="4" height="16" rx="2" />
        <rect x="26.5" y="17" width="4" height="6" rx="2" />
      </g>
      <text
        x="46"
        y="30"
        fontFamily="var(--mantine-font-family-headings, system-ui, sans-serif)"
        fontSize="27"
        fontWeight="800"
        letterSpacing="-0.5"
        fill="currentColor"
      >
        Tutti
      </text>
    </svg>
  );
}
