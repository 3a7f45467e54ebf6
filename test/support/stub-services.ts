import type { ApiServices } from '../../src/api/services.js';

/**
 * ApiServices for HTTP tests: any method the test does not provide fails loudly, so a test only passes
 * when the request reached exactly the services it meant to reach (or none at all).
 */
export function stubServices(overrides: Partial<ApiServices> = {}): ApiServices {
  return new Proxy(overrides, {
    get(target, name: string) {
      if (name in target) return target[name as keyof ApiServices];
      return async () => {
        throw new Error(`service ${name} was called but the test did not stub it`);
      };
    },
  }) as ApiServices;
}
