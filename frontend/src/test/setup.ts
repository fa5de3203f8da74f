import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short when make test runs these beside the Java tests
configure({ asyncUtilTimeout: 5000 });

// jsdom has no canvas (and logs "not implemented"); charts show their text alternative instead.
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { value: () => null });

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
