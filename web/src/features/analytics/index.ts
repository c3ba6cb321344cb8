/** What the Reports page draws and words as Analytics does. */
export { MoneyBarChart } from './components/money-bar-chart';
export { monthLabel } from './lib/analytics-rules';
