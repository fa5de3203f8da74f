import { render, screen } from '@testing-library/react';
import { Chart } from './Chart';

describe('Chart', () => {
  it('renders its text alternative without a canvas (jsdom) instead of crashing', () => {
    // test/setup.ts leaves jsdom without a 2D context, as it really is.
    render(
      <Chart option={{ series: [] }} aria-label="Samples per region" data-testid="chart">
        <p>16 regions</p>
      </Chart>,
    );
    expect(screen.getByTestId('chart')).toHaveTextContent('16 regions');
    const canvas = screen.getByTestId('chart').querySelector('[role="img"]');
    expect(canvas).toHaveAttribute('aria-label', 'Samples per region');
    expect(canvas).not.toBeVisible();
  });
});
