import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SplitDraft } from '@/features/invoices/lib/split-rules';
import { SplitEditor } from './split-editor';

const properties = [
  { id: 'P1', name: 'Maple Court' },
  { id: 'P2', name: 'Oak Terrace' },
];
const categories = [{ id: 'C1', name: 'Landscaping' }];

function Harness({ start }: { start: SplitDraft }) {
  const [draft, setDraft] = useState(start);
  return (
    <SplitEditor
      draft={draft}
      onChange={setDraft}
      totalCents={100_000}
      currency="USD"
      properties={properties}
      categories={categories}
    />
  );
}

/** Serious and critical axe violations (jsdom has no layout, so colour contrast is left to the e2e run). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('SplitEditor', () => {
  it('labels every share’s controls and has no serious axe violations', async () => {
    const { container } = render(
      <Harness
        start={{
          mode: 'amount',
          rows: [
            { propertyId: 'P1', categoryId: 'C1', value: '600' },
            { propertyId: '', categoryId: '', value: '' },
          ],
        }}
      />,
    );
    expect(screen.getByRole('group', { name: 'Split' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Split by' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount of share 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove share 2' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('adds and removes shares, and says what remains', async () => {
    const user = userEvent.setup();
    render(<Harness start={{ mode: 'amount', rows: [] }} />);
    await user.click(screen.getByRole('button', { name: 'Split across properties' }));
    await user.selectOptions(screen.getByLabelText('Property of share 1'), 'Maple Court');
    await user.type(screen.getByLabelText('Amount of share 1'), '1000');
    expect(screen.getByRole('status')).toHaveTextContent('Choose a property for every share');
    await user.click(screen.getByRole('button', { name: 'Remove share 2' }));
    expect(screen.getByRole('status')).toHaveTextContent('The split adds up to the total.');
    await user.click(screen.getByRole('button', { name: 'Add share' }));
    await user.selectOptions(screen.getByLabelText('Property of share 2'), 'Oak Terrace');
    await user.type(screen.getByLabelText('Amount of share 2'), '0.01');
    expect(screen.getByRole('status')).toHaveTextContent('Over the total by $0.01');
  });
});
