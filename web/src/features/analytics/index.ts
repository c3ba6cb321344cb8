/** The chart pieces Analytics draws with, which the Reports page draws with too. */
export { SERIES_COLORS, useChartTheme, useMinWidth } from './components/chart-theme';
export { ChartTooltipCard, SrDataTable } from './components/chart-tooltip';
export { compactMoney, monthLabel } from './lib/analytics-rules';
