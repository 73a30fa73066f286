import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): on a loaded 2-core machine a lazy screen's first
// render can take longer than a second, and a wait that ends early fails a correct test. A wrong result still fails.
configure({ asyncUtilTimeout: 5000 });
