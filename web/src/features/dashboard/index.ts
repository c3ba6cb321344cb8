/** The figures of the dashboard's stat cards, which Analytics words the same way. */
export {
  aiAccuracyExplanation,
  aiAccuracyValue,
  awaitingApprovalNote,
  otherCurrencies,
} from './lib/stat-cards';
