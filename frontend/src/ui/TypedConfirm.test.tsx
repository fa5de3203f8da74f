import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { vi } from 'vitest';
import { TypedConfirmDialog } from './TypedConfirm';

function Harness({
  onConfirm,
  blocked,
}: {
  onConfirm: (typed: string) => void;
  blocked?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <TypedConfirmDialog
        open={open}
        title="Restart lab-a?"
        confirmLabel="Start"
        what="cluster name"
        expected="lab-a"
        blocked={blocked}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
        after={<p>after the field</p>}
      >
        <p>what happens</p>
      </TypedConfirmDialog>
    </>
  );
}

describe('TypedConfirmDialog', () => {
  it('keeps confirm disabled until the name is typed exactly, then passes what was typed', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Restart lab-a?' });
    const confirm = within(dialog).getByRole('button', { name: 'Start' });
    const field = within(dialog).getByLabelText('Type the cluster name to confirm');
    expect(field).toHaveAccessibleDescription('Type lab-a');
    expect(within(dialog).getByText('after the field')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'lab-');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'A');
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'lab-a ');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, '{Backspace}');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('lab-a');
  });

  it('starts empty every time it opens', async () => {
    render(<Harness onConfirm={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Type the cluster name to confirm'), 'lab-a');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Type the cluster name to confirm')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });

  it('stays disabled while blocked, whatever is typed', async () => {
    render(<Harness onConfirm={vi.fn()} blocked />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Type the cluster name to confirm'), 'lab-a');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });
});
