-- Each user's own keys for the review shortcuts.
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "keymap" TEXT;

