// https://vike.dev/client — not cumulative, so this page loads the header script itself.
import '../../renderer/+client.ts'
