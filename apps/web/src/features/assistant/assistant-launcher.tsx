// SCAFFOLD: the shopping assistant (issue 7) replaces this with its chat button and panel.
export default function AssistantLauncher() {
  return null;
}
