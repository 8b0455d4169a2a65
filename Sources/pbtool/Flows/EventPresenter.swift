import Biometry

/// Shows a flow's events to the person or the program that started it.
protocol EventPresenter: AnyObject {
    /// Shows one event.
    func present(_ event: BiometryEvent)
}

/// `--quiet`: shows nothing; the exit code is the answer (login scripts).
final class QuietPresenter: EventPresenter {
    func present(_ event: BiometryEvent) {}
}

/// Plain lines on standard output, for pipes, logs and screen readers (no picture, no colour).
final class PlainPresenter: EventPresenter {
    func present(_ event: BiometryEvent) {
        if case .quality(let reading) = event {
            print(EventText.qualityLine(reading))
            return
        }
        EventText.lines(for: event).forEach { print($0) }
    }
}
