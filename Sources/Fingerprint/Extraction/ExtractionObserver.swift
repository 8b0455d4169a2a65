import Imaging

/// The named products of the extractor, in pipeline order; each can be rendered as an image.
public enum ExtractionStep: String, Sendable, CaseIterable {
    case resampled = "01-resampled"
    case normalized = "02-normalized"
    case orientation = "03-orientation"
    case segmentation = "04-segmentation"
    case frequency = "05-frequency"
    case enhanced = "06-enhanced"
    case binarized = "07-binarized"
    case skeleton = "08-skeleton"
    case minutiae = "09-minutiae"
}

/// Receives every intermediate product of an extraction, for inspection (`--dump-steps`).
///
/// `render` is called only by observers that want the picture, so an extraction without an
/// observer pays nothing for it. Images are at the working resolution.
public protocol ExtractionObserver {
    func record(_ step: ExtractionStep, render: () -> GrayImage)
}
