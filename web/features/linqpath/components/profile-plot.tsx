// The drawing of the path profile (MUI X's line chart), loaded after the page's figures by profile-chart.tsx.
import { LineChart } from '@mui/x-charts/LineChart';
import type { PathProfile } from '../../../../core/linqpath/profile.ts';

export type ProfilePlotProps = {
  readonly profile: PathProfile;
  readonly height: number;
  readonly labels: {
    readonly distance: string;
    readonly height: string;
    readonly terrain: string;
    readonly ground: string;
    readonly lineOfSight: string;
    readonly fresnel: string;
    readonly clearance: string;
  };
  readonly formatMetres: (value: number) => string;
  readonly formatKm: (value: number) => string;
};

export function ProfilePlot({ profile, height, labels, formatMetres, formatKm }: ProfilePlotProps) {
  const dataset = profile.points.map((point) => ({
    km: point.distanceM / 1000,
    terrain: point.terrainM,
    ground: point.groundM,
    los: point.lineOfSightM,
    fresnel: point.fresnelLowerM,
    clearance: point.clearanceLowerM,
  }));
  const value = (v: number | null) => (v === null ? '' : formatMetres(v));
  return (
    <LineChart
      height={height}
      dataset={dataset}
      skipAnimation
      margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
      grid={{ horizontal: true }}
      xAxis={[
        {
          dataKey: 'km',
          scaleType: 'linear',
          label: labels.distance,
          valueFormatter: (v: number) => formatKm(v),
          tickNumber: 5,
        },
      ]}
      yAxis={[{ label: labels.height, valueFormatter: (v: number) => formatMetres(v), width: 72 }]}
      series={[
        {
          dataKey: 'ground',
          label: labels.ground,
          area: true,
          showMark: false,
          color: '#8d6e63',
          valueFormatter: value,
        },
        {
          dataKey: 'terrain',
          label: labels.terrain,
          showMark: false,
          color: '#5d4037',
          valueFormatter: value,
        },
        {
          dataKey: 'los',
          label: labels.lineOfSight,
          showMark: false,
          color: '#1565c0',
          valueFormatter: value,
        },
        {
          dataKey: 'fresnel',
          label: labels.fresnel,
          showMark: false,
          color: '#2e7d32',
          valueFormatter: value,
        },
        {
          dataKey: 'clearance',
          label: labels.clearance,
          showMark: false,
          color: '#e65100',
          valueFormatter: value,
        },
      ]}
    />
  );
}
