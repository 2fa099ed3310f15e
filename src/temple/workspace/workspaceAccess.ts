// Who may open the chat workspace: service staff and admins (the server's staff/v1 rule). Kept
// free of imports so /my can ask without loading the workspace.
export interface WorkspaceRoles {
  readonly isService: 0 | 1;
  readonly isAdmin?: 0 | 1;
}

export function canUseChatWorkspace(user: WorkspaceRoles | null): boolean {
  return user !== null && (user.isService === 1 || user.isAdmin === 1);
}
