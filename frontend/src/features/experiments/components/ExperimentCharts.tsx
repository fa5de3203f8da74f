import { useId } from 'react';
import type { ExperimentPanel } from '../../../api/types';
import { CategoryChart } from '../../../ui';

function PanelChart({ panel }: { panel: ExperimentPanel }) {
  const id = useId();
  return (
    <section
      className="experiment-panel"
      aria-labelledby={id}
      data-testid="experiment-panel"
      data-title={panel.title}
    >
      <h3 id={id}>{panel.title}</h3>
      <CategoryChart
        aria-label={`${panel.title}: ${panel.yLabel} by ${panel.xLabel}`}
        categories={panel.categories}
        series={panel.series}
        annotations={panel.annotations}
        xLabel={panel.xLabel}
        yLabel={panel.yLabel}
      />
    </section>
  );
}

/** The seed's figure drawn from this cluster's runs: one chart per panel, as the server laid it out. */
export function ExperimentCharts({ panels }: { panels: readonly ExperimentPanel[] }) {
  return (
    <div className="experiment-charts" data-testid="experiment-chart">
      {panels.map((panel, i) => (
        <PanelChart key={`${panel.title}-${i}`} panel={panel} />
      ))}
    </div>
  );
}
