/**
 * The users of the simulation: one at the folder, one at the service (another client), each
 * creating, editing, renaming, moving and deleting with names from a small pool, so that their
 * changes clash. Every content written is new; what a user overwrites or deletes, as that side
 * held it then, is superseded. The rest must survive (invariants.ts).
 */
import { FolioApiError } from '../../main/remote/errors.ts';
import type { MemFs } from './memFs.ts';
import { ROOT_ID, type Item, type MemService } from './memService.ts';
import type { Prng } from './prng.ts';

const NAMES = ['a', 'b', 'c'];
const FOLDER_NAMES = ['x', 'y', 'a'];
const OUR_FILES = /^\.folio-.*\.part$/;

/** What the engine is touching: paths relative to the folder ('' for all of it), and service ids. */
export interface Busy {
  paths: string[];
  ids: Set<string>;
}

const NOT_BUSY: Busy = { paths: [], ids: new Set() };

interface RemoteEntry {
  item: Item;
  path: string;
}

export class Users {
  /** Every content a user wrote. */
  readonly written = new Set<string>();
  /** Contents a user overwrote or deleted where they saw them. */
  readonly superseded = new Set<string>();
  private n = 0;
  /** The content of the action under way, until it has landed. */
  private minted = '';
  private busy: Busy = NOT_BUSY;

  constructor(
    private readonly rng: Prng,
    private readonly fs: MemFs,
    private readonly service: MemService,
    private readonly dir: string,
    private readonly log: (line: string) => void,
    private readonly tag: string,
  ) {}

  actSome(count: number, when: string): void {
    for (let i = 0; i < count; i++) this.act(when);
  }

  /**
   * One action on either side. `busy` names what the engine is touching at that moment (paths
   * relative to the folder, service ids): a user leaves it and what is below it alone, see
   * docs/sync.md, "The simulation".
   */
  act(when: string, busy: Busy = NOT_BUSY): void {
    this.busy = busy;
    const line = this.rng.chance(0.5) ? this.local() : this.remote();
    this.busy = NOT_BUSY;
    if (line) this.log(`${line} (${when})`);
  }

  private free(rel: string, id = ''): boolean {
    return !this.busy.ids.has(id) && !this.busy.paths.some((p) => rel === p || rel.startsWith(`${p}/`) || p === '');
  }

  private content(): Buffer {
    const c = `${this.tag}.${++this.n}`;
    this.written.add(c);
    this.minted = c;
    return Buffer.from(c);
  }

  private local(): string {
    const entries = this.fs.walk(this.dir).filter((e) => !OUR_FILES.test(e.rel.slice(e.rel.lastIndexOf('/') + 1)) && this.free(e.rel));
    const dirs = ['', ...entries.filter((e) => e.kind === 'dir').map((e) => e.rel)];
    const files = entries.filter((e) => e.kind === 'file');
    const abs = (rel: string) => (rel ? `${this.dir}/${rel}` : this.dir);
    const under = (parent: string, name: string) => (parent ? `${parent}/${name}` : name);
    const action = this.rng.pick(['create', 'create', 'edit', 'edit', 'mkdir', 'move', 'move', 'delete']);
    switch (action) {
      case 'create': {
        const rel = under(this.rng.pick(dirs), this.rng.pick(NAMES));
        if (this.fs.exists(abs(rel))) return '';
        const data = this.content();
        this.fs.writeFile(abs(rel), data);
        return `local: create ${rel} = ${data.toString()}`;
      }
      case 'edit': {
        if (files.length === 0) return '';
        const f = this.rng.pick(files);
        this.superseded.add(f.data.toString());
        const data = this.content();
        // Half the editors save in place; the other half write a new file and rename it over (a new inode).
        const inPlace = this.rng.chance(0.5);
        if (!inPlace) this.fs.remove(abs(f.rel));
        this.fs.writeFile(abs(f.rel), data);
        return `local: edit ${f.rel} ${inPlace ? 'in place' : 'by replacing it'} = ${data.toString()}`;
      }
      case 'mkdir': {
        const rel = under(this.rng.pick(dirs), this.rng.pick(FOLDER_NAMES));
        if (this.fs.exists(abs(rel))) return '';
        this.fs.mkdirp(abs(rel));
        return `local: mkdir ${rel}`;
      }
      case 'move': {
        if (entries.length === 0) return '';
        const e = this.rng.pick(entries);
        const parent = this.rng.chance(0.5) ? e.rel.slice(0, Math.max(0, e.rel.lastIndexOf('/'))) : this.rng.pick(dirs);
        const to = under(parent, this.rng.pick(e.kind === 'dir' ? FOLDER_NAMES : NAMES));
        if (this.fs.exists(abs(to)) || `${to}/`.startsWith(`${e.rel}/`)) return '';
        this.fs.moveSync(abs(e.rel), abs(to));
        return `local: move ${e.rel} to ${to}`;
      }
      default: {
        if (entries.length === 0) return '';
        const e = this.rng.pick(entries);
        // Everything under it is deleted, what the engine is busy with included (a free folder may hold it).
        for (const f of this.fs.walk(this.dir)) if (f.kind === 'file' && (f.rel === e.rel || f.rel.startsWith(`${e.rel}/`))) this.superseded.add(f.data.toString());
        this.fs.remove(abs(e.rel));
        return `local: delete ${e.rel}`;
      }
    }
  }

  /** The service's active tree below the pair's container, with paths. */
  remoteEntries(): RemoteEntry[] {
    const out: RemoteEntry[] = [];
    const visit = (parentId: string, prefix: string) => {
      for (const item of this.service.childrenOf(parentId)) {
        const path = prefix ? `${prefix}/${item.name}` : item.name;
        out.push({ item, path });
        if (item.kind === 'container') visit(item.id, path);
      }
    };
    visit(ROOT_ID, '');
    return out;
  }

  private remote(): string {
    const entries = this.remoteEntries().filter((e) => this.free(e.path, e.item.id) && !e.item.versions.some((v) => this.busy.ids.has(v.versionId)));
    const containers = [{ id: ROOT_ID, path: '' }, ...entries.filter((e) => e.item.kind === 'container').map((e) => ({ id: e.item.id, path: e.path }))];
    const docs = entries.filter((e) => e.item.kind === 'document');
    const current = (item: Item) => item.versions.at(-1)?.data.toString() ?? '';
    const action = this.rng.pick(['create', 'create', 'edit', 'edit', 'mkdir', 'move', 'move', 'delete']);
    try {
      switch (action) {
        case 'create': {
          const parent = this.rng.pick(containers);
          const name = this.rng.pick(NAMES);
          const data = this.content();
          const doc = this.service.doUpload({ containerId: parent.id, title: name }, data);
          return `remote: create ${parent.path ? `${parent.path}/` : ''}${name} (${doc.id}) = ${data.toString()}`;
        }
        case 'edit': {
          if (docs.length === 0) return '';
          const d = this.rng.pick(docs);
          this.superseded.add(current(d.item));
          const data = this.content();
          this.service.doUpload({ docId: d.item.id }, data);
          return `remote: edit ${d.path} = ${data.toString()}`;
        }
        case 'mkdir': {
          const parent = this.rng.pick(containers);
          const c = this.service.doCreateContainer(parent.id, this.rng.pick(FOLDER_NAMES));
          return `remote: mkdir ${parent.path ? `${parent.path}/` : ''}${c.name} (${c.id})`;
        }
        case 'move': {
          if (entries.length === 0) return '';
          const e = this.rng.pick(entries);
          const parent = this.rng.chance(0.5) ? { id: e.item.parentId, path: '(same folder)' } : this.rng.pick(containers);
          const name = this.rng.pick(e.item.kind === 'container' ? FOLDER_NAMES : NAMES);
          this.service.doMove(e.item.id, parent.id, name);
          return `remote: move ${e.path} to ${parent.path}/${name}`;
        }
        default: {
          if (entries.length === 0) return '';
          const e = this.rng.pick(entries);
          // Everything under it is deleted, what the engine is busy with included (a free folder may hold it).
          for (const d of this.remoteEntries()) if (d.item.kind === 'document' && (d.path === e.path || d.path.startsWith(`${e.path}/`))) this.superseded.add(current(d.item));
          this.service.doDelete(e.item.id);
          return `remote: delete ${e.path}`;
        }
      }
    } catch (err) {
      // The service refused (a name taken, a move into itself): a user would try something else.
      if (!(err instanceof FolioApiError)) throw err;
      this.written.delete(this.minted);
      return '';
    }
  }
}
