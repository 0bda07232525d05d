// Shared with every React workspace: one setup, kept in packages/ui.
import '@snapshire/ui/testing/dom-setup';
