import Biometry
import Foundation
import TerminalUI

/// The terminal user interface: the live fingerprint after each swipe (half-block picture),
/// quality and area bars against their minimums, "swipe 2 of 3", instructions and prompts.
final class TerminalPresenter: EventPresenter {
    private let depth: ColorDepth
    private let pictureColumns: Int
    private let barWidth: Int

    init(terminal: TerminalSize, environment: [String: String]) {
        depth = ColorDepth.detect(environment: environment, isTerminal: terminal.isTerminal)
        pictureColumns = max(16, min(48, terminal.columns / 2))
        barWidth = max(10, min(30, terminal.columns - 40))
    }

    func present(_ event: BiometryEvent) {
        switch event {
        case .swipeRequested(let request):
            print("")
            print(bold(request.text))
        case .image(let images):
            HalfBlockPicture.lines(images.processed, columns: pictureColumns, depth: depth).forEach { print($0) }
        case .quality(let reading):
            bars(reading).forEach { print($0) }
        case .prompt(let prompt):
            print("")
            print(bold(prompt.title))
            print(prompt.message)
            print("Press Enter to go on, or type q and Enter to cancel.")
        case .processingStarted(.matching):
            print("  Comparing…")
        default:
            EventText.lines(for: event).forEach { print($0) }
        }
    }

    private func bars(_ reading: QualityReading) -> [String] {
        let quality = Double(reading.quality ?? 0) / 100
        let minimumQuality = Double(reading.minimumQuality) / 100
        // Area has no natural maximum; twice the minimum fills the bar.
        let areaScale = max(reading.minimumArea * 2, 1)
        return [
            Bar.line(label: "quality", fraction: quality, valueText: "\(reading.quality.map(String.init) ?? "-") (min \(reading.minimumQuality))",
                     width: barWidth, depth: depth, thresholds: Bar.Thresholds(poor: minimumQuality, good: min(1, minimumQuality + 0.2))),
            Bar.line(label: "area", fraction: reading.area / areaScale,
                     valueText: "\(Int(reading.area.rounded())) mm² (min \(Int(reading.minimumArea.rounded())))",
                     width: barWidth, depth: depth, thresholds: Bar.Thresholds(poor: 0.5, good: 0.75)),
        ]
    }

    private func bold(_ text: String) -> String {
        depth == .plain ? text : "\u{1B}[1m\(text)\u{1B}[0m"
    }
}
