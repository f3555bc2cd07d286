export default function Index() {
  return <p>ok</p>;
}
