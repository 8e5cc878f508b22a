export default function ConfigurationPage() {
  return null;
}
