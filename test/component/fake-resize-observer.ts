/**
 * A ResizeObserver the test reports through (happy-dom lays nothing out): as the browser does, a target is
 * reported once after it is first observed (or observed again), and again when the test says its size changed.
 */
export class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  readonly watched = new Set<Element>();
  private pending = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.watched.add(target);
    this.pending.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
    this.pending.delete(target);
  }
  disconnect() {
    this.watched.clear();
    this.pending.clear();
  }
  /** Reports the targets observed since the last report, or `targets`, at the block size `heightOf` gives. */
  report(heightOf: (target: Element) => number, targets: Iterable<Element> = this.pending) {
    const entries = [...targets].map((target) => {
      const height = heightOf(target);
      return {
        target,
        borderBoxSize: [{ blockSize: height, inlineSize: 300 }],
        contentBoxSize: [{ blockSize: height, inlineSize: 300 }],
        devicePixelContentBoxSize: [],
        contentRect: new DOMRect(0, 0, 300, height),
      } as unknown as ResizeObserverEntry;
    });
    this.pending = new Set();
    if (entries.length) this.callback(entries, this as unknown as ResizeObserver);
  }
  /** Every observer's pending targets reported. */
  static reportAll(heightOf: (target: Element) => number) {
    for (const observer of FakeResizeObserver.all) observer.report(heightOf);
  }
  /** Every observer's watched targets reported, as after a change of size. */
  static resizeAll(heightOf: (target: Element) => number) {
    for (const observer of FakeResizeObserver.all) observer.report(heightOf, [...observer.watched]);
  }
}
