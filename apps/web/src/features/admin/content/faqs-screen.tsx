import { Route, Routes } from 'react-router';
import { FaqDetail, FaqList, NewFaq } from './faq-questions.tsx';
import { FaqTopicDetail, FaqTopicList, NewFaqTopic } from './faq-topics.tsx';

/** /admin/faqs: Help and Support's questions and their topics. */
export default function FaqsScreen() {
  return (
    <Routes>
      <Route index element={<FaqList />} />
      <Route path="new" element={<NewFaq />} />
      <Route path="topics" element={<FaqTopicList />} />
      <Route path="topics/new" element={<NewFaqTopic />} />
      <Route path="topics/:id" element={<FaqTopicDetail />} />
      <Route path=":id" element={<FaqDetail />} />
    </Routes>
  );
}
