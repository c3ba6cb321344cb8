import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HandlerCatalog,
  MissingHandlersError,
  NOT_IMPLEMENTED_STUB,
  REPO_ROOT,
  readWorkflow,
  WORKFLOW_DEFINITION,
} from './handlers';

/** A repository root holding only the workflow definition (no state modules). */
function rootWithWorkflowOnly(): string {
  const root = mkdtempSync(join(tmpdir(), 'handlers-'));
  mkdirSync(join(root, 'functions/workflow'), { recursive: true });
  cpSync(join(REPO_ROOT, WORKFLOW_DEFINITION), join(root, WORKFLOW_DEFINITION));
  return root;
}

describe('workflow discovery', () => {
  it('finds one Lambda state per XxxArn placeholder, with its module path', () => {
    const workflow = readWorkflow(new HandlerCatalog(REPO_ROOT, false));
    expect(workflow.tasks.length).toBeGreaterThan(0);
    for (const task of workflow.tasks) {
      expect(task.placeholder).toMatch(/Arn$/);
      expect(task.module).toBe(`functions/workflow/states/${task.name}.ts`);
    }
    expect(workflow.tasks.find((t) => t.placeholder === 'MarkFailedArn')?.name).toBe('mark-failed');
    expect(workflow.textractActions).toEqual([
      'analyzeExpense',
      'getExpenseAnalysis',
      'startExpenseAnalysis',
    ]);
  });

  it('fails synth with one message listing every missing state module', () => {
    const catalog = new HandlerCatalog(rootWithWorkflowOnly(), false);
    const workflow = readWorkflow(catalog);
    for (const task of workflow.tasks) catalog.entry(task.module);
    expect(() => catalog.assertComplete()).toThrow(MissingHandlersError);
    expect(() => catalog.assertComplete()).toThrow('functions/workflow/states/claim.ts');
    expect(catalog.missing).toHaveLength(workflow.tasks.length);
  });

  it('stands the 501 stub in for missing modules only when allowed', () => {
    const catalog = new HandlerCatalog(rootWithWorkflowOnly(), true);
    expect(catalog.entry('functions/api/nope/handler.ts')).toBe(join(REPO_ROOT, NOT_IMPLEMENTED_STUB));
    expect(() => catalog.assertComplete()).not.toThrow();
  });

  it('reports a missing ASL file and rejects placeholders it cannot fill', () => {
    const empty = new HandlerCatalog(mkdtempSync(join(tmpdir(), 'handlers-')), false);
    expect(readWorkflow(empty).tasks).toEqual([]);
    expect(empty.missing).toEqual([WORKFLOW_DEFINITION]);

    const root = rootWithWorkflowOnly();
    writeFileSync(
      join(root, WORKFLOW_DEFINITION),
      // A placeholder that is not a state's Lambda ARN.
      JSON.stringify({ StartAt: 'A', States: { A: { Type: 'Task', Resource: `\${TableName}`, End: true } } }),
    );
    expect(() => readWorkflow(new HandlerCatalog(root, false))).toThrow(/\$\{TableName\}/);
  });
});
