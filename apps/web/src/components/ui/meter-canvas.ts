import type { MeterReading } from '../../lib/nals/meter-model';

/** What a meter is painted with: Mantine's theme, read from the page's CSS variables. */
export interface MeterColors {
  low: string;
  mid: string;
  high: string;
  peak: string;
}

/** Width of the peak mark, in CSS pixels. */
export const PEAK_MARK_PX = 2;

/** The theme's colours for a meter, as the element sees them (light or dark scheme). */
export function meterColors(el: Element): MeterColors {
  const css = getComputedStyle(el);
  const color = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    low: color('--mantine-color-teal-6', '#12b886'),
    mid: color('--mantine-color-yellow-5', '#fcc419'),
    high: color('--mantine-color-red-6', '#fa5252'),
    peak: color('--mantine-color-dark-6', '#2e2e2e'),
  };
}

/**
 * A meter's bar and peak mark on a canvas: green, then amber near the top, red at full scale, as meters read. A frame
 * is a clear and two rectangles on the canvas's own layer: no style, layout or layer-tree work for the page, which a
 * bar moved by CSS cost at every level (issue 9: the meters' share of a core).
 */
export function createMeterPainter(canvas: HTMLCanvasElement, colors: MeterColors) {
  const ctx = canvas.getContext('2d');
  let gradient: CanvasGradient | null = null;
  let ratio = 1;

  return {
    /** After the canvas's box changed size (or the page's zoom): the backing store follows, in device pixels. */
    resize(cssWidth: number, cssHeight: number, devicePixelRatio: number): void {
      ratio = devicePixelRatio || 1;
      const width = Math.max(1, Math.round(cssWidth * ratio));
      const height = Math.max(1, Math.round(cssHeight * ratio));
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      if (!ctx) return;
      gradient = ctx.createLinearGradient(0, 0, width, 0);
      gradient.addColorStop(0, colors.low);
      gradient.addColorStop(0.7, colors.low);
      gradient.addColorStop(0.85, colors.mid);
      gradient.addColorStop(1, colors.high);
    },
    paint(reading: MeterReading): void {
      if (!ctx || !gradient) return;
      const { width, height } = canvas;
      ctx.clearRect(0, 0, width, height);
      const level = Math.round(width * reading.level);
      if (level > 0) {
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, level, height);
      }
      if (reading.peak > 0) {
        const mark = Math.max(1, Math.round(PEAK_MARK_PX * ratio));
        ctx.fillStyle = colors.peak;
        ctx.fillRect(Math.max(0, Math.round(width * reading.peak) - mark), 0, mark, height);
      }
    },
  };
}
