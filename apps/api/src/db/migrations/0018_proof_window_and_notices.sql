-- Placeholder: filled by the issue-26 work on this migration.
SELECT 1;
