type Props = {
  /** The id of the control it names. */
  control: string;
  text: string;
};

/** The label above a panel view's control (the mode picker, the question box): bold, tied to it by its id. */
export function ControlLabel({ control, text }: Props) {
  return (
    <label class="tl-mode-label" for={control}>
      {text}
    </label>
  );
}
