import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nalsStoreLoad, useNalsConnected } from './nals-connected';

function Status({ label }: { label: string }) {
  return <p>{`${label}: ${useNalsConnected() ? 'connected' : 'not connected'}`}</p>;
}

describe('useNalsConnected', () => {
  it('answers not connected at once, then asks for the store after the paint and shows that load', async () => {
    expect(nalsStoreLoad()).toBeNull();
    const view = render(
      <>
        <Status label="header" />
        <Status label="hall" />
      </>,
    );
    expect(view.getByText('header: not connected')).toBeInTheDocument();
    expect(nalsStoreLoad()).toBeNull();
    await waitFor(() => expect(nalsStoreLoad()).not.toBeNull());
    const load = nalsStoreLoad();
    await load;
    expect(nalsStoreLoad()).toBe(load);
    expect(view.getByText('hall: not connected')).toBeInTheDocument();
  });
});
