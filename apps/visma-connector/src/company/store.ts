import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedCompany } from './seed';
import type { Company } from './types';

/**
 * The simulated company kept in one JSON file, as Visma Administration keeps a company in its
 * own folder. A missing file starts from the seed company. Every change is written whole to a
 * temporary file and renamed over the old one, so a crash never leaves half a company.
 */
export class CompanyStore {
  private constructor(
    readonly file: string | null,
    public data: Company,
  ) {}

  /** `file` null keeps the company in memory only (tests). */
  static open(file: string | null): CompanyStore {
    if (file === null) return new CompanyStore(null, seedCompany());
    if (!existsSync(file)) {
      const store = new CompanyStore(file, seedCompany());
      store.save();
      return store;
    }
    const data = JSON.parse(readFileSync(file, 'utf8')) as Company;
    if (data.format !== 1) throw new Error(`${file}: unknown company file format ${String(data.format)}`);
    return new CompanyStore(file, data);
  }

  save(): void {
    if (this.file === null) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(this.data, null, 2)}\n`);
    renameSync(partial, this.file);
  }

  /** Runs a change on a copy and keeps it only when it succeeds (one transaction). */
  transaction<T>(change: (company: Company) => T): T {
    const copy = structuredClone(this.data);
    const result = change(copy);
    this.data = copy;
    this.save();
    return result;
  }
}
