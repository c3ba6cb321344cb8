import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a first render on a loaded CI machine can take longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
