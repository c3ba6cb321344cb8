/** What the Reports page shows of the vendors: the 1099 report (also under the vendor list). */
export { Form1099ReportSection } from './components/form-1099-report';
