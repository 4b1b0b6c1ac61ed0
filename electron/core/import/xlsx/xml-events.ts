import { SaxesParser } from 'saxes';
import { workbookError } from './workbook-error.js';

/**
 * A streaming XML reader for one part of a workbook (saxes: a conformant SAX
 * parser, so nothing is built but what the handlers keep). Names arrive
 * without their prefix (`x:row` → `row`: strict OOXML and some writers prefix
 * every element). A document type declaration is refused: no workbook part
 * has one, and refusing it rules out entity tricks (saxes never expands
 * entities a DTD declares, and reports an undeclared one as an error).
 */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

export interface XmlReader {
  write(text: string): void;
  end(): void;
}

export function xmlReader(file: string, part: string, handlers: XmlHandlers): XmlReader {
  const parser = new SaxesParser({ position: false });
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new Error('it declares a document type (DTD), which no workbook part has');
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) =>
      open(localName(tag.name), tag.attributes as Record<string, string>),
    );
  }
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  const check = () => {
    if (failure) {
      throw workbookError(
        file,
        `has a part (${part}) that is not well-formed XML: ${failure.message}`,
        `${part} is not well-formed XML`,
      );
    }
  };
  return {
    write(text) {
      if (text === '') return;
      parser.write(text);
      check();
    },
    end() {
      parser.close();
      check();
    },
  };
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by its local name (`r:id`, `relationships:id` and `id` alike). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key of Object.keys(attributes)) if (localName(key) === name) return attributes[key];
  return undefined;
}
