import { useState } from 'react';
import type { EcDirectory, EcPolicy } from '../../../api/types';
import { Button, ErrorMessage, ShellCommand } from '../../../ui';
import { useSetEcDirectoryPolicy } from '../api';
import { directoryPolicyShell, policyOptions } from '../ecModel';
import { PolicySelectForm } from './PolicySelectForm';

/**
 * Set a directory's policy (an enabled EC policy or 3× replication) or unset it, each with its
 * `hdfs ec` line shown before it is sent. Only files written afterwards follow the policy.
 * Render only for OPERATOR+.
 */
export function DirectoryPolicyForm({
  clusterId,
  directory,
  policies,
}: {
  clusterId: number;
  directory: EcDirectory;
  policies: readonly EcPolicy[] | undefined;
}) {
  const [choice, setChoice] = useState('');
  const mutation = useSetEcDirectoryPolicy(clusterId, directory.path);
  // A policy set here can be unset; an inherited one belongs to a parent.
  const ownPolicy = !directory.inherited;
  return (
    <PolicySelectForm
      label="Directory policy"
      selectLabel="New policy"
      value={choice}
      onChange={setChoice}
      options={policyOptions(policies, { placeholder: 'Choose a policy…', replication: true })}
      hint="Enabled policies only; files already here keep their layout until converted."
      busy={mutation.isPending}
      onSubmit={() => {
        if (choice) mutation.mutate(choice, { onSuccess: () => setChoice('') });
      }}
    >
      <div className="row">
        <Button type="submit" variant="primary" disabled={!choice} busy={mutation.isPending}>
          Set policy
        </Button>
        {ownPolicy && (
          <Button
            busy={mutation.isPending}
            onClick={() => mutation.mutate(undefined)}
            title={directoryPolicyShell(directory.path, undefined)}
          >
            Unset policy
          </Button>
        )}
      </div>
      <ErrorMessage error={mutation.error} title="Could not change the policy" />
      <ShellCommand
        label="Set policy runs"
        command={directoryPolicyShell(directory.path, choice)}
      />
      {ownPolicy && (
        <ShellCommand
          label="Unset policy runs"
          command={directoryPolicyShell(directory.path, undefined)}
        />
      )}
    </PolicySelectForm>
  );
}
