// HeldWhileClosing: a closing modal's content keeps its last frame and is not rendered again.
import { render, screen } from '@testing-library/react';
import { HeldWhileClosing } from '../../../src/components/held-while-closing';

function Probe({ text, renders }: { text: string; renders: string[] }) {
  renders.push(text);
  return <p>{text}</p>;
}

it('renders its children while open, keeps the last ones without rendering them once closed, and renders again when reopened', () => {
  const renders: string[] = [];
  const { rerender } = render(
    <HeldWhileClosing open>
      <Probe text="first" renders={renders} />
    </HeldWhileClosing>,
  );
  rerender(
    <HeldWhileClosing open>
      <Probe text="typed" renders={renders} />
    </HeldWhileClosing>,
  );
  expect(screen.getByText('typed')).toBeInTheDocument();

  rerender(
    <HeldWhileClosing open={false}>
      <Probe text="closing" renders={renders} />
    </HeldWhileClosing>,
  );
  expect(screen.getByText('typed')).toBeInTheDocument();
  expect(renders).toEqual(['first', 'typed']);

  rerender(
    <HeldWhileClosing open>
      <Probe text="reopened" renders={renders} />
    </HeldWhileClosing>,
  );
  expect(screen.getByText('reopened')).toBeInTheDocument();
  expect(renders).toEqual(['first', 'typed', 'reopened']);
});
