import type { CSSProperties } from 'react';

/**
 * The drawing shared by the gauge and the elapsed-time ring: a grey track, the part of it a fraction fills (the path
 * has pathLength 100, so the dash is the percentage) and a label in the middle. Plain SVG, nothing to destroy.
 */
export function MeterArc({
  path,
  viewBox,
  fraction,
  color,
  strokeWidth,
  label,
  labelY,
  fontSize,
  labelTestId,
  style,
  className,
}: {
  path: string;
  viewBox: string;
  fraction: number;
  color: string;
  strokeWidth: number;
  label: string;
  labelY: number;
  fontSize: number;
  labelTestId?: string;
  style?: CSSProperties;
  className?: string;
}) {
  const [, , width] = viewBox.split(' ').map(Number);
  return (
    <svg viewBox={viewBox} style={style} className={className} role="img" aria-label={label}>
      <path d={path} fill="none" stroke="#e2e8f0" strokeWidth={strokeWidth} strokeLinecap="round" />
      {fraction > 0 && (
        <path
          d={path}
          fill="none"
          stroke={color}
          strokeWidth={strokeWidth}
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray={`${fraction * 100} 100`}
        />
      )}
      <text
        x={width! / 2}
        y={labelY}
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight="700"
        fill="currentColor"
        data-testid={labelTestId}
      >
        {label}
      </text>
    </svg>
  );
}
