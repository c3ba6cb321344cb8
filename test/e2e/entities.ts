/**
 * Vendors and properties on their pages: required fields and errors, create, edit, search kept in the
 * URL (vendors), delete after confirming. The property 'Oak Terrace' made here is used later in review.
 */
import type { Page } from 'playwright-core';
import { assert, assertA11y, seen, shot, step } from './helpers';

export async function entitySteps(page: Page) {
  await step('vendors: create, edit, search (kept in the URL), delete after confirming', page, async () => {
    await page.goto('/vendors');
    await page.getByRole('heading', { level: 1, name: /^Vendor Management/ }).waitFor();
    // Processing already suggested the vendors of the invoices uploaded above.
    await page.getByRole('table', { name: 'Vendors' }).or(page.getByText('No vendors yet')).first().waitFor();
    const before = Number(
      (await page.getByLabel(/^\d+ vendors$/).getAttribute('aria-label'))?.split(' ')[0] ?? 0,
    );

    await page.getByRole('button', { name: 'Add Vendor' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create New Vendor' });
    await dialog.getByRole('button', { name: 'Create Vendor' }).click();
    await dialog.getByText('Vendor name is required').waitFor();
    assert(
      (await dialog.getByLabel('Vendor Name *').getAttribute('aria-invalid')) === 'true',
      'the empty name is not marked invalid',
    );
    // The form moves the focus to the invalid name once it has shown the error; typing before that
    // lands in the name field, so wait for it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    await dialog.getByLabel('Email').fill('billing@');
    await dialog.getByRole('button', { name: 'Create Vendor' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    await shot(page, 'vendor-create-errors');
    await assertA11y(page, 'vendor form with errors');
    const address = '4500 Industrial Parkway, Suite 210, Springfield, IL 62704';
    await dialog.getByLabel('Vendor Name *').fill('Bright Electric Co');
    await dialog.getByLabel('Email').fill('billing@brightelectric.test');
    await dialog.getByLabel('Phone').fill('(217) 555-0188');
    await dialog.getByLabel('Address').fill(address);
    await dialog.getByRole('button', { name: 'Create Vendor' }).click();
    await seen(page, 'Vendor created successfully');
    await dialog.waitFor({ state: 'hidden' });
    const bright = page.getByRole('row', { name: /Bright Electric Co/ });
    await bright.getByText('4500 Industrial Parkway, Suite...').waitFor();

    await page.getByRole('button', { name: 'Add Vendor' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Create New Vendor' });
    await dialog.getByLabel('Vendor Name *').fill('Green Lawns LLC');
    await dialog.getByRole('button', { name: 'Create Vendor' }).click();
    await seen(page, 'Vendor created successfully');
    await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
    await page.getByLabel(`${before + 2} vendors`).waitFor();

    await page.getByRole('button', { name: 'Edit Bright Electric Co' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Vendor' });
    const name = dialog.getByLabel('Vendor Name *');
    assert((await name.inputValue()) === 'Bright Electric Co', 'the edit form is not filled in');
    await name.fill('Bright Electric Company');
    await dialog.getByLabel('Payment Terms').fill('Net 45');
    await shot(page, 'vendor-edit-dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seen(page, 'Vendor updated successfully');
    await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();

    const box = page.getByRole('searchbox', { name: 'Search vendors' });
    await box.fill('green');
    await page.waitForURL(/[?&]q=green/);
    await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
    await page.reload();
    await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
    assert((await box.inputValue()) === 'green', 'the search text is lost on reload');
    assert(
      !(await page.getByRole('row', { name: /Bright Electric/ }).count()),
      'search ignored after reload',
    );
    await page
      .getByRole('navigation', { name: 'Primary' })
      .getByRole('link', { name: /^Properties/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Property Management/ }).waitFor();
    await page.goBack();
    await page.getByRole('row', { name: /Green Lawns LLC/ }).waitFor();
    assert((await box.inputValue()) === 'green', 'the search text is lost after Back');
    await shot(page, 'vendors-search');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();
    assert(!/[?&]q=/.test(page.url()), `the cleared search stays in the URL: ${page.url()}`);

    await page.getByRole('button', { name: 'Delete Bright Electric Company' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete vendor?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor();
    await page.getByRole('button', { name: 'Delete Bright Electric Company' }).click();
    await dialog
      .getByText('Bright Electric Company will be removed from your vendor list.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seen(page, 'Vendor deleted successfully');
    await page.getByRole('row', { name: /Bright Electric Company/ }).waitFor({ state: 'detached' });
    await page.getByLabel(`${before + 1} vendors`).waitFor();
    await shot(page, 'vendors-page');
  });

  await step('properties: required fields, create, edit, delete after confirming', page, async () => {
    await page.goto('/properties');
    await page.getByRole('heading', { level: 1, name: /^Property Management/ }).waitFor();
    await page.getByText('No properties yet').waitFor();
    await page.getByRole('button', { name: 'Add Property' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create New Property' });
    await dialog.getByLabel('Units').fill('-2');
    await dialog.getByRole('button', { name: 'Create Property' }).click();
    for (const message of [
      'Property name is required',
      'Property type is required',
      'Address is required',
      'Must be at least 1',
    ])
      await dialog.getByText(message, { exact: true }).waitFor();
    await shot(page, 'property-create-errors');
    await assertA11y(page, 'property form with errors');

    await dialog.getByLabel('Property Name *').fill('Maple Court');
    await dialog.getByRole('combobox', { name: 'Property Type' }).click();
    await page.getByRole('option', { name: 'Apartment Complex' }).click();
    await dialog.getByLabel('Address *').fill('450 Maple Ave, Springfield, IL 62704');
    await dialog.getByLabel('Units').fill('48');
    await dialog.getByLabel('Monthly Rent ($)').fill('1450.50');
    await dialog.getByRole('button', { name: 'Create Property' }).click();
    await seen(page, 'Property created successfully');
    await dialog.waitFor({ state: 'hidden' });
    let maple = page.getByRole('row', { name: /Maple Court/ });
    await maple.getByRole('cell', { name: '$1,450.50', exact: true }).waitFor();
    await maple.getByRole('cell', { name: 'Apartment Complex', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Property' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Create New Property' });
    await dialog.getByLabel('Property Name *').fill('Oak Terrace');
    await dialog.getByRole('combobox', { name: 'Property Type' }).click();
    await page.getByRole('option', { name: 'Multi Family' }).click();
    await dialog.getByLabel('Address *').fill('12 Oak St, Springfield, IL 62704');
    await dialog.getByRole('button', { name: 'Create Property' }).click();
    await seen(page, 'Property created successfully');
    await page.getByLabel('2 properties').waitFor();

    await page.getByRole('button', { name: 'Edit Maple Court' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Property' });
    assert((await dialog.getByLabel('Units').inputValue()) === '48', 'the edit form is not filled in');
    await dialog.getByLabel('Units').fill('52');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seen(page, 'Property updated successfully');
    maple = page.getByRole('row', { name: /Maple Court/ });
    await maple.getByRole('cell', { name: '52', exact: true }).waitFor();
    await maple.getByText('Inactive', { exact: true }).waitFor();
    await shot(page, 'properties-page');

    await page.getByRole('button', { name: 'Delete Maple Court' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete property?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seen(page, 'Property deleted successfully');
    await maple.waitFor({ state: 'detached' });
    await page.getByLabel('1 properties').waitFor();
  });
}
