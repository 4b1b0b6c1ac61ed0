import { userInfo } from 'node:os';

/**
 * Who is making changes on this computer: the operating system's user name. The API's
 * token names an organisation, not a person; the log adds the connection's name beside it.
 */
export function localUserName(): string {
  try {
    const name = userInfo().username.trim();
    return name === '' ? 'unknown user' : name;
  } catch {
    // No passwd entry (some containers): the log still records the change.
    return 'unknown user';
  }
}
