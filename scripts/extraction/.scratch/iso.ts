import { readFileSync } from 'node:fs';
import { IsolatedExpenseAnalyzer } from '../../../functions/adapters/textract/isolated-analyzer';
const a = new IsolatedExpenseAnalyzer();
const r = await a.analyze({ bytes: new Uint8Array(readFileSync(process.argv[2])), contentType: 'image/jpeg' });
console.log('fields', r.ExpenseDocuments?.[0]?.SummaryFields?.length);
process.exit(0);
