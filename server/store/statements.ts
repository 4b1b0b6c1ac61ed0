import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

/** Prepares each SQL text once per database and reuses it (preparing costs more than many queries). */
export function statementCache(db: Db): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
