import { describe, expect, it } from 'vitest';
import { createMeterPainter, type MeterColors } from './meter-canvas';

const colors: MeterColors = { low: 'green', mid: 'amber', high: 'red', peak: 'black' };

/** A canvas whose 2D context writes down what is drawn. */
function fakeCanvas() {
  const drawn: string[] = [];
  const stops: [number, string][] = [];
  const ctx = {
    fillStyle: '' as unknown,
    clearRect: (x: number, y: number, w: number, h: number) => drawn.push(`clear ${x},${y},${w},${h}`),
    fillRect(x: number, y: number, w: number, h: number) {
      drawn.push(`${String(this.fillStyle) === 'gradient' ? 'bar' : String(this.fillStyle)} ${x},${y},${w},${h}`);
    },
    createLinearGradient: () => ({
      addColorStop: (at: number, c: string) => stops.push([at, c]),
      toString: () => 'gradient',
    }),
  };
  const canvas = { width: 300, height: 150, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, drawn, stops };
}

describe('a meter painted on a canvas', () => {
  it('sizes its backing store in device pixels, and paints the bar and the peak mark there', () => {
    const { canvas, drawn, stops } = fakeCanvas();
    const painter = createMeterPainter(canvas, colors);
    painter.resize(200, 8, 2);
    expect([canvas.width, canvas.height]).toEqual([400, 16]);
    expect(stops).toEqual([
      [0, 'green'],
      [0.7, 'green'],
      [0.85, 'amber'],
      [1, 'red'],
    ]);

    painter.paint({ level: 0.5, peak: 0.75, clipped: false });
    // The bar to half the width; the 2 px mark (4 device pixels) ending at three quarters.
    expect(drawn).toEqual(['clear 0,0,400,16', 'bar 0,0,200,16', 'black 296,0,4,16']);
  });

  it('paints nothing but the background at silence, and keeps the mark inside at full scale', () => {
    const { canvas, drawn } = fakeCanvas();
    const painter = createMeterPainter(canvas, colors);
    painter.resize(100, 8, 1);
    painter.paint({ level: 0, peak: 0, clipped: false });
    expect(drawn).toEqual(['clear 0,0,100,8']);
    drawn.length = 0;
    painter.paint({ level: 1, peak: 1, clipped: true });
    expect(drawn).toEqual(['clear 0,0,100,8', 'bar 0,0,100,8', 'black 98,0,2,8']);
  });

  it('waits for its size before painting (a canvas not laid out yet)', () => {
    const { canvas, drawn } = fakeCanvas();
    createMeterPainter(canvas, colors).paint({ level: 0.5, peak: 0.5, clipped: false });
    expect(drawn).toEqual([]);
  });
});
