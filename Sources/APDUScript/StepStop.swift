/// Why the statements of a test stopped before their end.
enum StepStop: Error {
    /// Checks did not hold.
    case failed([TestFailure])
    /// The script cannot go on as written (a bad value found at run time).
    case scriptError(TestFailure)
    /// The card or its transport failed; the run ends.
    case transport(TestFailure)
}
