/**
 * A streaming XML reader (htmlparser2 in XML mode: a state machine, no backtracking) that
 * resolves namespace prefixes, so the ODT and EPUB readers match elements by namespace URI and
 * local name whatever prefixes a producer chose.
 */
import { Parser } from 'htmlparser2';

export interface XmlName {
  uri: string;
  local: string;
}

export interface XmlHandler {
  open?(name: XmlName, attribute: (uri: string, local: string) => string | undefined): void;
  close?(name: XmlName): void;
  text?(data: string): void;
}

export function readXml(source: string, handler: XmlHandler): void {
  const scopes: Map<string, string>[] = [new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])];
  const resolve = (qualified: string, isAttribute: boolean): XmlName => {
    const colon = qualified.indexOf(':');
    const prefix = colon < 0 ? '' : qualified.slice(0, colon);
    const local = colon < 0 ? qualified : qualified.slice(colon + 1);
    // Unprefixed attributes are in no namespace; unprefixed elements in the default one.
    if (prefix === '' && isAttribute) return { uri: '', local };
    return { uri: scopes.at(-1)?.get(prefix) ?? '', local };
  };
  const parser = new Parser(
    {
      onopentag(qualified, attribs) {
        const declared = Object.entries(attribs).filter(([key]) => key === 'xmlns' || key.startsWith('xmlns:'));
        const parent = scopes.at(-1) ?? new Map<string, string>();
        // Most elements declare nothing and share their parent's scope.
        scopes.push(declared.length === 0 ? parent : new Map([...parent, ...declared.map(([key, value]): [string, string] => [key.slice(6), value])]));
        const attribute = (uri: string, local: string) => {
          for (const [key, value] of Object.entries(attribs)) {
            const n = resolve(key, true);
            if (n.uri === uri && n.local === local) return value;
          }
          return undefined;
        };
        handler.open?.(resolve(qualified, false), attribute);
      },
      onclosetag(qualified) {
        handler.close?.(resolve(qualified, false));
        scopes.pop();
      },
      ontext(data) {
        handler.text?.(data);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(source);
}
