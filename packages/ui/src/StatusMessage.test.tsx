import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StatusMessage } from './StatusMessage';

function Harness({ floating = false }: { floating?: boolean }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setMessage('Could not save. Try again.')}>
        Fail
      </button>
      <StatusMessage message={message} onDismiss={() => setMessage(null)} floating={floating} />
    </>
  );
}

describe('StatusMessage', () => {
  it.each([false, true])(
    'is in the document while empty, shows the message, and Dismiss empties it (floating: %s)',
    async (floating) => {
      const user = userEvent.setup();
      render(<Harness floating={floating} />);
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();
      expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Fail' }));
      expect(status).toHaveTextContent('Could not save. Try again.');

      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.getByRole('status')).toBe(status);
      expect(status).toBeEmptyDOMElement();
    },
  );
});
