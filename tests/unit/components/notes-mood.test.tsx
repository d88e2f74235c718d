// A note's Markdown is rendered safely (no raw HTML, no script links, links in a new tab without
// the opener); the mood faces and the note on a card.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { isLongNote, JournalMood, JournalNote } from '../../../src/components/notes/journal-note';
import MarkdownNote from '../../../src/components/notes/markdown-note';
import { MOOD_FACES } from '../../../src/components/notes/mood';
import { MoodPicker } from '../../../src/components/notes/mood-picker';

describe('MarkdownNote', () => {
  it('renders Markdown: headings, emphasis, lists, quotes', () => {
    const { container } = render(
      <MarkdownNote text={'# Run\n\nFelt **great** and _light_.\n\n- one\n- two\n\n> quoted'} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Run' })).toBeInTheDocument();
    expect(container.querySelector('strong')?.textContent).toBe('great');
    expect(container.querySelector('em')?.textContent).toBe('light');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
  });

  it('never renders raw HTML: script, iframe, img onerror and inline handlers stay text', () => {
    const text =
      'Hi <script>window.hacked = true</script> <img src=x onerror="window.hacked=true"> ' +
      '<b onclick="x()">bold?</b>\n\n<iframe src="https://evil.example"></iframe>';
    const { container } = render(<MarkdownNote text={text} />);
    for (const tag of ['script', 'iframe', 'img', 'b']) {
      expect(container.querySelector(tag)).toBeNull();
    }
    expect(container.querySelector('[onclick], [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // Shown as the text that was written.
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
  });

  it('drops javascript: and data: links, and opens the others in a new tab without the opener', () => {
    const { container } = render(
      <MarkdownNote
        text={
          '[safe](https://example.com/a) [bad](javascript:alert(1)) ' +
          '[worse](JaVaScRiPt:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [mail](mailto:a@b.c)'
        }
      />,
    );
    const links = [...container.querySelectorAll('a')];
    const hrefs = links.map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('https://example.com/a');
    expect(hrefs).toContain('mailto:a@b.c');
    for (const href of hrefs) expect(href ?? '').not.toMatch(/^\s*(javascript|data):/i);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByText('bad')).toBeInTheDocument();
  });

  it('does not load images: their text stands in', () => {
    const { container } = render(
      <MarkdownNote text={'![a tracking pixel](https://t.example/p.gif)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('[a tracking pixel]');
  });
});

function Picker({ start = null }: { start?: number | null }) {
  const [mood, setMood] = useState<number | null>(start);
  return (
    <>
      <MoodPicker value={mood} onChange={setMood} />
      <output>{String(mood)}</output>
    </>
  );
}

describe('MoodPicker', () => {
  it('is a radio group of five labelled faces; arrows choose, Clear empties it', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Mood' });
    expect(group).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Mood 1 of 5: awful',
      'Mood 2 of 5: bad',
      'Mood 3 of 5: okay',
      'Mood 4 of 5: good',
      'Mood 5 of 5: great',
    ]);
    expect(screen.queryByRole('button', { name: 'Clear mood' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Mood 4 of 5: good' }));
    expect(screen.getByText('4', { selector: 'output' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Mood 5 of 5: great' })).toBeChecked();
    expect(screen.getByText('5', { selector: 'output' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear mood' }));
    expect(screen.getByText('null', { selector: 'output' })).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });
});

describe('the mood faces', () => {
  it('are five different faces, and awful and bad are not two sad faces alike', () => {
    expect(new Set(MOOD_FACES).size).toBe(5);
    // Sad faces with a closed frown, which Noto and Apple draw almost the same at calendar size.
    const closedFrowns = ['😞', '😟', '😔', '☹️', '🙁', '😕'];
    const [awful = '', bad = ''] = MOOD_FACES;
    expect(closedFrowns.includes(awful) && closedFrowns.includes(bad)).toBe(false);
  });
});

describe('the mood and note on a card', () => {
  it('names the mood in words, and shows nothing without one', () => {
    const { container, rerender } = render(<JournalMood mood={2} />);
    expect(screen.getByText('Mood 2 of 5: bad')).toBeInTheDocument();
    rerender(<JournalMood mood={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('collapses a long note with Show more / Show less (aria-expanded)', async () => {
    const note = Array.from({ length: 8 }, (_, i) => `Line ${i + 1}`).join('\n\n');
    expect(isLongNote(note)).toBe(true);
    expect(isLongNote('Short note')).toBe(false);
    render(<JournalNote note={note} />);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(body).toHaveAttribute('data-collapsed');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(body).not.toHaveAttribute('data-collapsed');
    // The Markdown renderer arrives on demand.
    await waitFor(() => expect(body?.querySelector('p')?.textContent).toBe('Line 1'));
  });

  it('shows no toggle for a short note, and nothing for none', () => {
    const { container, rerender } = render(<JournalNote note="Short" />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<JournalNote note="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
