import { render, screen, within } from '@testing-library/react';
import { CategoryChart } from './CategoryChart';

const props = {
  'aria-label': 'Write MiB/s by writers',
  categories: ['1', '2', '4'],
  series: [
    { name: 'replication', style: 'bar' as const, values: [410, 790, null] },
    { name: 'RS-3-2', style: 'line' as const, values: [380, null, 1400] },
    { name: 'arithmetic', style: 'points' as const, values: [400, 800, 1600] },
  ],
  annotations: ['', '', 'RS/rep 1.1×'],
  xLabel: 'writers',
  yLabel: 'MiB/s',
};

describe('CategoryChart', () => {
  it('draws bars, lines broken at gaps, points, notes, axis titles and a legend in SVG', () => {
    const { container } = render(<CategoryChart {...props} data-testid="chart" />);
    const svg = screen.getByRole('img', { name: 'Write MiB/s by writers' });
    expect(svg.tagName).toBe('svg');
    expect(container.querySelectorAll('rect.chart-bar')).toHaveLength(2);
    // the null in the middle splits the line: two runs of one point, no polyline
    const line = container.querySelectorAll('g.chart-line');
    expect(line).toHaveLength(2);
    expect(container.querySelectorAll('g.chart-line polyline')).toHaveLength(0);
    expect(container.querySelectorAll('g.chart-line circle')).toHaveLength(2);
    expect(container.querySelectorAll('circle.chart-point')).toHaveLength(3);
    expect(container.querySelector('text.chart-annotation')).toHaveTextContent('RS/rep 1.1×');
    expect(within(svg).getByText('writers')).toBeInTheDocument();
    expect(within(svg).getByText('MiB/s')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['replication', 'RS-3-2', 'arithmetic']);
  });

  it('lists the values in a table, a dash for a gap', () => {
    render(<CategoryChart {...props} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('writersreplicationRS-3-2arithmeticNote');
    expect(rows[2]).toHaveTextContent('2790—800');
    expect(rows[3]).toHaveTextContent('4—1,4001,600RS/rep 1.1×');
  });
});
