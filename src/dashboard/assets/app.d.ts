/** The page script, embedded as text. */
declare const text: string;
export default text;
