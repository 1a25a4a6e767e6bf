/**
 * A small Markdown renderer for text widgets: headings, paragraphs, bullet and numbered lists, bold, italic, code
 * and links. It builds React elements (never HTML strings), so text from a widget cannot inject markup.
 */
import type { ReactNode } from 'react';

const INLINE = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}-${i}`;
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (/^\*[^*]+\*$/.test(part)) return <em key={k}>{part.slice(1, -1)}</em>;
    if (/^`[^`]+`$/.test(part)) return <code key={k}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = /^(https?:|mailto:|\/|#)/i.test(link[2]!) ? link[2] : undefined;
      return (
        <a
          key={k}
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="text-indigo-600 underline"
        >
          {link[1]}
        </a>
      );
    }
    return part;
  });
}

export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      i += 1;
    } else if (heading) {
      const size = ['text-xl', 'text-lg', 'text-base'][heading[1]!.length - 1];
      blocks.push(
        <div
          key={key}
          role="heading"
          aria-level={heading[1]!.length}
          className={`${size} mb-1 font-semibold`}
        >
          {inline(heading[2]!, key)}
        </div>,
      );
      i += 1;
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: ReactNode[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i]!)) {
        items.push(
          <li key={`${key}-${items.length}`}>
            {inline(lines[i]!.replace(/^\s*([-*]|\d+\.)\s+/, ''), `${key}-${items.length}`)}
          </li>,
        );
        i += 1;
      }
      blocks.push(
        ordered ? (
          <ol key={key} className="mb-2 list-decimal ps-5">
            {items}
          </ol>
        ) : (
          <ul key={key} className="mb-2 list-disc ps-5">
            {items}
          </ul>
        ),
      );
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() && !/^(#{1,3}\s|\s*([-*]|\d+\.)\s)/.test(lines[i]!)) {
        para.push(lines[i]!);
        i += 1;
      }
      blocks.push(
        <p key={key} className="mb-2">
          {inline(para.join(' '), key)}
        </p>,
      );
    }
  }
  return <div className="text-sm text-gray-800">{blocks}</div>;
}
