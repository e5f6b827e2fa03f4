import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * An XML element as the CFDI code reads and writes it: attributes by name, children in document order (the
 * order Anexo 20 fixes, which a plain object of fast-xml-parser would lose).
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

const prefix = '@_';
const options = { preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: prefix } as const;
const parser = new XMLParser({
  ...options,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});
const builder = new XMLBuilder({ ...options, suppressEmptyNode: true });

function fromOrdered(entry: Ordered): XmlNode | null {
  const name = Object.keys(entry).find((key) => key !== ':@');
  // Text between elements: a CFDI carries none, and the checker reports an element it does not know.
  if (!name || name === '#text') return null;
  const attributes = Object.fromEntries(
    Object.entries(entry[':@'] ?? {}).map(([key, value]) => [key.slice(prefix.length), String(value)]),
  );
  const children = (entry[name] as Ordered[]).map(fromOrdered).filter((child) => child !== null);
  return { name, attributes, children };
}

function toOrdered(node: XmlNode): Ordered {
  const attributes = Object.fromEntries(Object.entries(node.attributes).map(([key, value]) => [prefix + key, value]));
  return { [node.name]: node.children.map(toOrdered), ':@': attributes };
}

/** The root element of a well-formed document, or the parser's reason it is not. */
export function parseXml(xml: string): { root: XmlNode } | { error: string } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { error: `not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` };
  const roots = (parser.parse(xml) as Ordered[]).map(fromOrdered).filter((node) => node !== null);
  const [root] = roots;
  if (!root || roots.length > 1) return { error: 'not one root element' };
  return { root };
}

/** A UTF-8 document; the builder escapes every attribute value. */
export function writeXml(root: XmlNode): string {
  const declaration = {
    '?xml': [{ '#text': '' }],
    ':@': { [`${prefix}version`]: '1.0', [`${prefix}encoding`]: 'UTF-8' },
  };
  return builder.build([declaration, toOrdered(root)]) as string;
}

/** The children of that name; none when the node itself is absent, so paths read without checks on the way. */
export const childrenNamed = (node: XmlNode | undefined, name: string) =>
  node?.children.filter((child) => child.name === name) ?? [];
export const childNamed = (node: XmlNode | undefined, name: string) =>
  node?.children.find((child) => child.name === name);
