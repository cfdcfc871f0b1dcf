import { appNames, type AppName } from '@murmur/config/apps';

/**
 * The app whose screen holds `node`: the nearest enclosing app root (remote-kit's AppScope marks each with
 * `data-murmur-app`), else the shell, whose own parts carry no mark.
 */
export function appOfElement(node: Node | null | undefined): AppName {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const marked = element?.closest('[data-murmur-app]')?.getAttribute('data-murmur-app');
  return appNames.find((app) => app === marked) ?? 'shell';
}
